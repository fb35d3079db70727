// Units of specification values: how each is written (the unit of a category's attribute, the
// `[unit]` of a spreadsheet's `spec:` column) and its UN/CEFACT common code, which schema.org's
// PropertyValue takes as `unitCode`. A unit not listed here is still allowed: it is shown and given
// as `unitText` only. No zod here: the browser imports it.

export const UNIT_CODES: Readonly<Record<string, string>> = {
  µg: 'MC',
  mg: 'MGM',
  g: 'GRM',
  kg: 'KGM',
  nm: 'C45',
  µm: '4H',
  mm: 'MMT',
  cm: 'CMT',
  m: 'MTR',
  µL: '4G',
  mL: 'MLT',
  L: 'LTR',
  '°C': 'CEL',
  K: 'KEL',
  '%': 'P1',
  ppm: '59',
  'mg/L': 'M1',
  s: 'SEC',
  min: 'MIN',
  h: 'HUR',
  V: 'VLT',
  W: 'WTT',
  Hz: 'HTZ',
  rpm: 'RPM',
};

/** A value with its unit as a page shows it: "0.1 mg", "37 °C", "5 %" (a unit without letters, such as °C or %, still takes its space). */
export const withUnit = (value: number | string, unit?: string) => (unit ? `${value} ${unit}` : String(value));
