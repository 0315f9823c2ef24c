import { avatarInitials } from '@coursekit/core';
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { useSession } from '../session/SessionProvider';
import { useSignOut } from '../session/useSignOut';

/** The signed-in user's menu: Profile, Account, Sign out. A disclosure, so Tab and Escape work. */
export function UserMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { session } = useSession();
  const signOut = useSignOut('/');
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!ref.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (!session) return null;
  const close = () => {
    setOpen(false);
    onNavigate?.();
  };
  const name = session.user.user_metadata.name ?? null;
  return (
    <div className="user-menu" ref={ref}>
      <button
        ref={button}
        type="button"
        className="user-menu-button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((v) => !v)}
      >
        <span className="avatar avatar-small" aria-hidden="true">
          {avatarInitials(name, session.user.email)}
        </span>
        <span className="visually-hidden">Account menu for </span>
        <span className="user-menu-email">{session.user.email}</span>
      </button>
      {open ? (
        <ul id={menuId} className="user-menu-list">
          <li>
            <Link to="/profile" onClick={close}>
              Profile
            </Link>
          </li>
          <li>
            <Link to="/account" onClick={close}>
              Account
            </Link>
          </li>
          <li>
            <button
              type="button"
              onClick={() => {
                close();
                void signOut();
              }}
            >
              Sign out
            </button>
          </li>
        </ul>
      ) : null}
    </div>
  );
}
