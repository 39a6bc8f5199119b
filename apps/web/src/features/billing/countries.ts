/**
 * ISO 3166-1 alpha-2 codes (the contracts' `country`), named in English by the browser's
 * own data (Intl.DisplayNames), so no list of names ships with the console.
 */
const CODES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
  'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP ' +
  'KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT ' +
  'MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
  'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG ' +
  'UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

export interface CountryOption {
  value: string;
  label: string;
}

let options: CountryOption[] | undefined;

/** Every country as a Select option, sorted by its English name; built on first use (the locale data is not free). */
export function countryOptions(): CountryOption[] {
  if (!options) {
    const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
    options = CODES.map((value) => ({ value, label: names.of(value) ?? value })).sort((a, b) => a.label.localeCompare(b.label, 'en'));
  }
  return options;
}

/** The options with `code` among them: an address saved with a code this list lacks still shows (as its code). */
export function countryOptionsWith(code: string): CountryOption[] {
  const all = countryOptions();
  return !code || all.some((c) => c.value === code) ? all : [...all, { value: code, label: code }];
}
