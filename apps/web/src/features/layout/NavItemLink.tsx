import { createLink } from '@tanstack/react-router';
import type { Icon } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import classes from './NavItemLink.module.css';

interface NavItemAnchorProps extends ComponentPropsWithRef<'a'> {
  label: string;
  icon: Icon;
}

/** A side-navigation entry; the router marks the current one (data-status, aria-current). */
function NavItemAnchor({ label, icon: ItemIcon, className, ...props }: NavItemAnchorProps) {
  return (
    <a className={className ? `${classes.link} ${className}` : classes.link} {...props}>
      <ItemIcon size={20} stroke={1.6} aria-hidden />
      {label}
    </a>
  );
}

const RouterNavItem = createLink(NavItemAnchor);

export function NavItemLink(props: Omit<Parameters<typeof RouterNavItem>[0], 'activeOptions'>) {
  return <RouterNavItem activeOptions={{ exact: true }} {...props} />;
}
