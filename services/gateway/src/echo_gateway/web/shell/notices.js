// A game page's notice line: `say` shows a text there (or clears it), `command` sends one command and
// shows its refusal in words (a success clears the line).
export function notices(element, conn, refusal) {
  function say(text, kind = "error") {
    element.textContent = text;
    element.dataset.kind = kind;
    element.hidden = !text;
  }

  async function command(type, fields) {
    const answer = await conn.command(type, fields);
    if (answer.type === "error") say(refusal(answer.code));
    else say("");
    return answer;
  }

  return { say, command };
}
