import {
  IconBarbell,
  IconEye,
  IconLeaf,
  IconSparkles,
  IconStretching,
  IconWalk,
  IconWind,
  type Icon,
  type IconProps,
} from '@tabler/icons-react';
import { createElement } from 'react';

const ICONS: Record<string, Icon> = {
  stretch: IconStretching,
  'eye-rest': IconEye,
  walk: IconWalk,
  exercise: IconBarbell,
  mindfulness: IconLeaf,
  breathing: IconWind,
};

/** The icon of a break activity's type. */
export function ActivityIcon({ type, ...props }: IconProps & { type: string }) {
  return createElement(ICONS[type] ?? IconSparkles, { 'aria-hidden': true, ...props });
}
