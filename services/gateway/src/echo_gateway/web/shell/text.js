// Text for people, shared by every game page: one HTML escape, and the forms a word takes after a number
// (plural) or a person (gender). A dictionary entry names the forms inline, so a translator sees the whole
// phrase: "{n} {n:ход|хода|ходов}" in Russian, "{n} {n:turn|turns}" in English, "{p} {p:выжил|выжила}".

/** `value` as HTML text: safe inside an element and inside a quoted attribute. */
export function escapeHTML(value) {
  return String(value ?? "").replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

// The order in which an entry lists its plural forms, per language (CLDR categories, Intl.PluralRules).
// Russian fractions ("1,5 хода") take the "few" form, which is where "other" falls back.
const PLURAL_ORDER = { ru: ["one", "few", "many", "other"], en: ["one", "other"] };
const pluralRules = new Map();

/** The form of a word for the number `n` in `lang`: `forms` in PLURAL_ORDER's order (ru: one|few|many,
 * en: one|other). */
export function plural(lang, n, forms) {
  const order = PLURAL_ORDER[lang] ?? PLURAL_ORDER.en;
  if (!pluralRules.has(lang)) pluralRules.set(lang, new Intl.PluralRules(lang));
  const category = pluralRules.get(lang).select(Number(n));
  const at = order.indexOf(category);
  if (at >= 0 && at < forms.length) return forms[at];
  return forms[Math.min(1, forms.length - 1)];
}

// A person's grammatical gender as a param: "m" (the default), "f" or "n" (a group, or unknown: plural
// verb forms in Russian, "они").
const GENDER_AT = { m: 0, f: 1, n: 2 };

/** The form for a gender param: `forms` is masculine|feminine[|neutral]; a missing one falls back to the
 * masculine form. */
export function gendered(gender, forms) {
  return forms[GENDER_AT[gender] ?? 0] ?? forms[0];
}

/** A dictionary entry with its `{name}` params filled in: `{name}` is the value, `{name:a|b|c}` a form
 * chosen by it (plural when the value is a number, gender when it is "m", "f" or "n"), and `{name.g:a|b}`
 * chooses by the param `name.g`'s gender ("{p} {p.g:выжил|выжила}" with `{p: "Анна", "p.g": "f"}`). */
export function fill(lang, text, params = {}) {
  return String(text).replace(/\{([\w.]+)(?::([^{}]*))?\}/g, (whole, name, choice) => {
    if (!(name in params)) return whole;
    const value = params[name];
    if (choice === undefined) return String(value);
    const forms = choice.split("|");
    return typeof value === "number" || /^-?\d+([.,]\d+)?$/.test(String(value))
      ? plural(lang, String(value).replace(",", "."), forms)
      : gendered(value, forms);
  });
}

/** A number as people of `lang` write it: "3,5" in Russian, "3.5" in English. */
export function number(lang, n, options = {}) {
  return new Intl.NumberFormat(lang === "en" ? "en-GB" : "ru-RU", options).format(n);
}
