/*
 * Drop-in replacement for `react-style-singleton` (used by Radix's scroll lock). The original appends
 * <style> tags, which the server's Content-Security-Policy (style-src 'self') refuses. Constructed style
 * sheets adopted by the document are not inline styles, so they pass the policy and keep scroll locking.
 */
import { type FC, useEffect } from 'react';

type StyleProps = { styles: string; dynamic?: boolean };

export function stylesheetSingleton() {
  let counter = 0;
  let sheet: CSSStyleSheet | null = null;
  return {
    add(style: string) {
      if (counter === 0 && typeof document !== 'undefined' && 'adoptedStyleSheets' in document) {
        sheet = new CSSStyleSheet();
        sheet.replaceSync(style);
        document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
      }
      counter++;
    },
    remove() {
      counter--;
      if (counter === 0 && sheet) {
        const added = sheet;
        document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== added);
        sheet = null;
      }
    },
  };
}

export function styleHookSingleton() {
  const sheet = stylesheetSingleton();
  return (styles: string, isDynamic?: boolean) => {
    // biome-ignore lint/correctness/useExhaustiveDependencies: mirrors the original library's behaviour
    useEffect(() => {
      sheet.add(styles);
      return () => sheet.remove();
    }, [styles && isDynamic]);
  };
}

export function styleSingleton(): FC<StyleProps> {
  const useStyle = styleHookSingleton();
  return function Sheet({ styles, dynamic }: StyleProps) {
    useStyle(styles, dynamic);
    return null;
  };
}
