import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { toastError } from '../../toast';
import type { SignInReturnParams } from './sign-in-return';
import { signInReturnNotice } from './sign-in-return-notice';

/** Shows why a Google sign-in came back to /login, once, then cleans the URL (as the calendar does). */
export function useSignInReturnNotice({ error }: SignInReturnParams): void {
  const navigate = useNavigate();

  useEffect(() => {
    if (error === undefined) return;
    const notice = signInReturnNotice({ error });
    if (notice) toastError({ id: 'sign-in-return', ...notice });
    void navigate({ to: '/login', search: {}, replace: true });
  }, [error, navigate]);
}
