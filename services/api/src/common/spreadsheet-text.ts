/** What makes a spreadsheet read a text cell as a formula once it is edited or the sheet is saved as CSV (D130). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text for a spreadsheet cell (Excel export, and any CSV): one that a spreadsheet could take for a formula gets a
 * leading apostrophe, the mark spreadsheet users type themselves to say "this is text". Other values pass unchanged.
 */
export function spreadsheetText<T>(value: T): T | string {
  return typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value;
}

/** A row with every text cell made safe for a spreadsheet. */
export function spreadsheetRow<R extends Record<string, unknown>>(row: R): R {
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, spreadsheetText(value)])) as R;
}
