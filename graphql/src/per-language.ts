// A value made once per UI language, on first use. For Intl formatters: made when their module loads,
// their locale data would cost the main thread of every page that loads the module, shown or not.

import type { UiLanguage } from './enums';

export function perLanguage<T>(make: (language: UiLanguage) => T): (language: UiLanguage) => T {
  const made = new Map<UiLanguage, T>();
  return (language) => {
    let value = made.get(language);
    if (value === undefined) made.set(language, (value = make(language)));
    return value;
  };
}
