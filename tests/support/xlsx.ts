// A workbook built by hand, part by part (an .xlsx is a zip of XML), for the cells a writer library
// will not make but real sheets hold: a date cell, a formula with the value Excel saved with it, a
// number stored as text with its leading zeros, a 20-digit number.
import { strToU8, zipSync } from 'fflate';

export type HandCell =
  | string
  | number
  | null
  /** A number written with exactly these digits (more than a JavaScript number holds). */
  | { number: string }
  /** A date as Excel stores it: a day number, shown through a date format. */
  | { date: string }
  /** A formula and the value Excel last calculated for it (none: a file saved without calculating). */
  | { formula: string; value?: string | number };

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const column = (i: number) => (i >= 26 ? String.fromCharCode(64 + Math.floor(i / 26)) : '') + String.fromCharCode(65 + (i % 26));
/** Excel's day number of a date (days since 1899-12-30). */
const serial = (day: string) => Math.round((Date.parse(`${day}T00:00:00Z`) - Date.UTC(1899, 11, 30)) / 86400000);

export function handXlsx(rows: HandCell[][], sheet = 'Products'): Buffer {
  const strings: string[] = [];
  const shared = (s: string) => (strings.includes(s) ? strings.indexOf(s) : strings.push(s) - 1);
  const cells = rows
    .map((row, r) => {
      const xml = row
        .map((cell, c) => {
          const ref = `${column(c)}${r + 1}`;
          if (cell === null) return '';
          if (typeof cell === 'string') return `<c r="${ref}" t="s"><v>${shared(cell)}</v></c>`;
          if (typeof cell === 'number') return `<c r="${ref}"><v>${cell}</v></c>`;
          if ('number' in cell) return `<c r="${ref}"><v>${cell.number}</v></c>`;
          if ('date' in cell) return `<c r="${ref}" s="1"><v>${serial(cell.date)}</v></c>`;
          const f = `<f>${esc(cell.formula.replace(/^=/, ''))}</f>`;
          if (cell.value === undefined) return `<c r="${ref}">${f}</c>`;
          return typeof cell.value === 'number' ? `<c r="${ref}">${f}<v>${cell.value}</v></c>` : `<c r="${ref}" t="str">${f}<v>${esc(cell.value)}</v></c>`;
        })
        .join('');
      return `<row r="${r + 1}">${xml}</row>`;
    })
    .join('');
  const ns = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  return Buffer.from(
    zipSync({
      '[Content_Types].xml': strToU8(
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>',
      ),
      '_rels/.rels': strToU8(`<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`),
      'xl/workbook.xml': strToU8(`<?xml version="1.0" encoding="UTF-8"?><workbook ${ns} xmlns:r="${rel}"><sheets><sheet name="${esc(sheet)}" sheetId="1" r:id="rId1"/></sheets></workbook>`),
      'xl/_rels/workbook.xml.rels': strToU8(
        `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${rel}/styles" Target="styles.xml"/><Relationship Id="rId3" Type="${rel}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
      ),
      'xl/styles.xml': strToU8(`<?xml version="1.0" encoding="UTF-8"?><styleSheet ${ns}><cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="14" applyNumberFormat="1"/></cellXfs></styleSheet>`),
      'xl/sharedStrings.xml': strToU8(`<?xml version="1.0" encoding="UTF-8"?><sst ${ns} count="${strings.length}">${strings.map((s) => `<si><t xml:space="preserve">${esc(s)}</t></si>`).join('')}</sst>`),
      'xl/worksheets/sheet1.xml': strToU8(`<?xml version="1.0" encoding="UTF-8"?><worksheet ${ns}><sheetData>${cells}</sheetData></worksheet>`),
    }),
  );
}
