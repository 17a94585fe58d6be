import { IconUser } from '@tabler/icons-react';
import { useState } from 'react';
import classes from './UserAvatar.module.css';

/** The profile image, or a placeholder when there is none or it does not load. */
export function UserAvatar({ src, name }: { src: string | null; name: string }) {
  const [failedSrc, setFailedSrc] = useState<string>();
  const showImage = src !== null && src !== failedSrc;
  return (
    <span className={classes.avatar}>
      {showImage ? (
        <img className={classes.image} src={src} alt={name} onError={() => setFailedSrc(src)} />
      ) : (
        <IconUser size={20} aria-hidden />
      )}
    </span>
  );
}
