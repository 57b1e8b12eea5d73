import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

type Tree = { [key: string]: string | Tree };
const localesDir = fileURLToPath(new URL('../src/locales/', import.meta.url));

/** The console's own texts, so the tests find elements by what a user reads in that language. */
export function texts(lang: 'en' | 'de' | 'pt') {
  const dir = `${localesDir}${lang}/`;
  const tree = Object.assign({}, ...readdirSync(dir).map((file) => JSON.parse(readFileSync(dir + file, 'utf8')) as Tree)) as Tree;
  return (key: string, values: Record<string, string | number> = {}): string => {
    const found = key.split('.').reduce<string | Tree | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), tree);
    if (typeof found !== 'string') throw new Error(`No text ${lang}:${key}`);
    return found.replace(/{{\s*(\w+)\s*}}/g, (_, name: string) => String(values[name] ?? ''));
  };
}
