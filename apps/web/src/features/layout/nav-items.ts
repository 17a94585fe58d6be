import { IconCalendarWeek, IconChartBar, IconLayoutDashboard, IconSettings, IconStretching } from '@tabler/icons-react';

export const NAV_ITEMS = [
  { to: '/', label: 'Dashboard', icon: IconLayoutDashboard },
  { to: '/calendar', label: 'Calendar', icon: IconCalendarWeek },
  { to: '/break-activities', label: 'Break Activities', icon: IconStretching },
  { to: '/analytics', label: 'Analytics', icon: IconChartBar },
  { to: '/settings', label: 'Settings', icon: IconSettings },
] as const;
