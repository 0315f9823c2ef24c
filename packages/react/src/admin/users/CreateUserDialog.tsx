import { adminMessages, type CreateUserErrors, type Role, validateCreateUserForm } from '@coursekit/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import * as s from '../../ui/styles.css';
import { useToast } from '../../ui/toast';
import * as a from '../admin.css';
import { useAdmin } from '../useAdmin';
import { AdminDialog } from './AdminDialog';
import { serverMessage, useUserActions } from './useUserActions';

/** admin §5 defaults: send invite on; role user ticked; admin and moderator off. */
const EMPTY = {
  email: '',
  password: '',
  displayName: '',
  avatarUrl: '',
  sendInvite: true,
  roles: { admin: false, moderator: false, user: true } as Record<Role, boolean>,
};

type TextField = 'email' | 'password' | 'displayName' | 'avatarUrl';
const FIELDS: ReadonlyArray<readonly [TextField, string, string]> = [
  ['email', 'Email', 'email'],
  ['password', 'Password', 'password'],
  ['displayName', 'Display Name', 'text'],
  ['avatarUrl', 'Avatar URL (optional)', 'url'],
];

/** admin §2/§5 Create New User: validating -> submitting -> success, which closes and resets. */
export function CreateUserDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const admin = useAdmin();
  const toast = useToast();
  const { refresh } = useUserActions();
  const id = useId();
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<CreateUserErrors>({});

  const create = useMutation({
    mutationFn: () =>
      admin.users.create({
        email: form.email.trim(),
        password: form.password,
        displayName: form.displayName.trim(),
        avatarUrl: form.avatarUrl.trim() || null,
        sendInvite: form.sendInvite,
        roles: (Object.keys(form.roles) as Role[]).filter((role) => form.roles[role]),
      }),
    onSuccess: (user) => {
      toast({ title: 'User Created', description: `Created ${user.email ?? user.id}` });
      setForm(EMPTY);
      setErrors({});
      onOpenChange(false);
      return refresh();
    },
    onError: (error) =>
      toast({
        title: adminMessages.userCreationFailedTitle,
        description: serverMessage(error, adminMessages.userCreationFailed),
        variant: 'error',
      }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateCreateUserForm(form);
    setErrors(found);
    if (Object.keys(found).length === 0) create.mutate();
  };

  return (
    <AdminDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Create New User"
      description="Create an account and choose its roles."
    >
      <form className={s.stack} onSubmit={submit} noValidate>
        {FIELDS.map(([field, label, type]) => {
          const error = field === 'avatarUrl' ? undefined : errors[field];
          return (
            <div key={field} className={a.field}>
              <label htmlFor={`${id}-${field}`}>{label}</label>
              <input
                id={`${id}-${field}`}
                type={type}
                className={a.input}
                value={form[field]}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-${field}-error` : undefined}
                onChange={(event) => setForm({ ...form, [field]: event.target.value })}
              />
              {error ? (
                <p id={`${id}-${field}-error`} className={a.fieldError}>
                  {error}
                </p>
              ) : null}
            </div>
          );
        })}
        <label className={s.row}>
          <input
            type="checkbox"
            checked={form.sendInvite}
            onChange={(event) => setForm({ ...form, sendInvite: event.target.checked })}
          />
          Send invite email
        </label>
        <fieldset className={s.fieldset}>
          <legend>Roles</legend>
          {(Object.keys(form.roles) as Role[]).map((role) => (
            <label key={role} className={s.row}>
              <input
                type="checkbox"
                checked={form.roles[role]}
                onChange={(event) =>
                  setForm({ ...form, roles: { ...form.roles, [role]: event.target.checked } })
                }
              />
              {role}
            </label>
          ))}
        </fieldset>
        <div className={s.row}>
          <button type="button" className={s.button.secondary} onClick={() => onOpenChange(false)}>
            Cancel
          </button>
          <button type="submit" className={s.button.primary} disabled={create.isPending}>
            {create.isPending ? 'Creating...' : 'Create User'}
          </button>
        </div>
      </form>
    </AdminDialog>
  );
}
