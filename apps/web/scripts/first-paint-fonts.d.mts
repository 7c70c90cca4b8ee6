export declare const FIRST_PAINT_FONTS: Record<'th' | 'la' | 'en', readonly string[]>;
export declare function fontFiles(names: readonly string[], files: readonly string[]): string[];
