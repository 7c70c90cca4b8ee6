/** The text with LIKE's wildcards (`%`, `_`) and its escape character escaped, so a pattern built of it matches it. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);
