// A short signal with the banner where the device allows: a vibration, and a soft tone once the page has
// been touched (browsers let a page sound only after a gesture; before that it stays silent).
let audio = null;

document.addEventListener("pointerdown", () => {
  if (!audio && typeof AudioContext === "function") audio = new AudioContext();
}, { once: true });

/** `urgent`: the turn is this player's (two pulses, a higher tone); otherwise one pulse. */
export function signal(urgent) {
  navigator.vibrate?.(urgent ? [120, 60, 120] : 80);
  if (!audio || audio.state !== "running") return;
  const tone = audio.createOscillator();
  const gain = audio.createGain();
  tone.frequency.value = urgent ? 880 : 660;
  gain.gain.setValueAtTime(0.08, audio.currentTime);
  gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.25);
  tone.connect(gain).connect(audio.destination);
  tone.start();
  tone.stop(audio.currentTime + 0.25);
}
