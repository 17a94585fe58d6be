/*
 * Equipment. An activity needs what its `equipment` text names ('none' = nothing). The words below are things every
 * office has; an activity that needs only such things stays in the pool unless the user's equipment list says
 * otherwise ('no wall', 'without a desk'). Anything else (stairs, a resistance band, …) stays only when the user's
 * list names it. 'none' in the user's list means "nothing special" and changes nothing.
 */
const OFFICE_WORDS = new Set([
  'chair',
  'chairs',
  'desk',
  'desks',
  'edge',
  'table',
  'wall',
  'doorway',
  'door',
  'window',
  'water',
  'bottle',
  'cup',
  'mug',
  'glass',
  'tea',
  'coffee',
  'pen',
  'paper',
  'notes',
  'app',
  'phone',
]);
/** Articles, linking words and plain qualifiers that name no extra thing. */
const FILLER_WORDS = new Set([
  'a',
  'an',
  'the',
  'of',
  'and',
  'or',
  'your',
  'any',
  'some',
  'sturdy',
  'stable',
  'solid',
  'free',
  'clear',
  'nearby',
]);

function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, ' ')
    .replace(/\b(a|an|the)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function words(text: string): string[] {
  return normalise(text).split(' ').filter(Boolean);
}

/** True when `needed` names nothing but office things ("a sturdy desk and a chair without wheels" does). */
export function isOfficeEquipment(needed: string): boolean {
  // "without wheels" narrows which chair; it asks for nothing extra.
  const named = words(needed.replace(/\bwithout\s+\w+/gi, ' ')).filter((w) => !FILLER_WORDS.has(w));
  return named.length > 0 && named.every((w) => OFFICE_WORDS.has(w));
}

function mentions(needed: string, item: string): boolean {
  const need = ` ${normalise(needed)} `;
  const have = ` ${normalise(item)} `;
  return have.trim() !== '' && (need.includes(have) || have.includes(need));
}

/** Whether the user can do an activity needing `needed`, given their equipment list. */
export function equipmentAllows(needed: string, userEquipment: readonly string[]): boolean {
  const need = normalise(needed);
  if (need === '' || need === 'none') return true;
  const lacking: string[] = [];
  const having: string[] = [];
  for (const entry of userEquipment) {
    const match = /^\s*(?:no|not|without|lacking)\s+(.+)$/i.exec(entry);
    if (match) lacking.push(match[1]!);
    else if (normalise(entry) !== 'none') having.push(entry);
  }
  const needWords = words(needed);
  if (lacking.some((item) => words(item).some((w) => !FILLER_WORDS.has(w) && needWords.includes(w)))) return false;
  if (having.some((item) => mentions(needed, item))) return true;
  return isOfficeEquipment(needed);
}
