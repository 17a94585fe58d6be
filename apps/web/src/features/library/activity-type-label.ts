/** 'eye-rest' → 'Eye rest' (spec §2: capitalised, hyphens shown as spaces). */
export function activityTypeLabel(type: string): string {
  const words = type.replaceAll('-', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
