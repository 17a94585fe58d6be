import {
  IconBarbell,
  IconEye,
  IconLeaf,
  IconSparkles,
  IconStretching,
  IconWalk,
  IconWind,
  type Icon,
} from '@tabler/icons-react';

const ICONS: Record<string, Icon> = {
  stretch: IconStretching,
  'eye-rest': IconEye,
  walk: IconWalk,
  exercise: IconBarbell,
  mindfulness: IconLeaf,
  breathing: IconWind,
};

export function activityIcon(type: string): Icon {
  return ICONS[type] ?? IconSparkles;
}

/** 'eye-rest' → 'Eye rest' (spec §2: capitalised, hyphens shown as spaces). */
export function activityTypeLabel(type: string): string {
  const words = type.replaceAll('-', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
