/** Every icon of the console: the shell's (icon-base.tsx, in the first page's code) and the pages' (icons-features.tsx). */
export * from './icon-base';
export * from './icons-features';
