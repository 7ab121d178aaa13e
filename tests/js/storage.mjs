// The browser's localStorage for the node tests of modules that keep a choice there (the language).
const items = new Map();

globalThis.localStorage = {
  getItem: (key) => (items.has(key) ? items.get(key) : null),
  setItem: (key, value) => items.set(key, String(value)),
  removeItem: (key) => items.delete(key),
};

/** The page's language for the next assertions, as the language switch keeps it. */
export function useLanguage(language) {
  localStorage.setItem("echo.lang", language);
}
