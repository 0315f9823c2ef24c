import { adminMessages } from '@coursekit/core';
import { useState } from 'react';
import { useNavigate } from '../../provider/navigation';
import * as s from '../../ui/styles.css';
import { WidgetRoot } from '../../ui/WidgetRoot';
import { UserProgressDetails } from './UserProgressDetails';
import { UserSelector } from './UserSelector';
import { useSelectableUsers } from './userProgressQueries';

export interface UserProgressPageProps {
  /** The selected learner; null or undefined shows the prompt to pick one. */
  userId?: string | null;
  /** Called when the admin picks another learner (or none), so a host can keep ?userId= in sync. */
  onUserChange?: (userId: string | null) => void;
}

/**
 * admin §2 /admin/user-progress: pick a learner, then see and reset their progress. Controlled when
 * the host passes `userId` (it keeps ?userId= and passes it back); otherwise it keeps its own choice.
 */
export function UserProgressPage({ userId, onUserChange }: UserProgressPageProps) {
  return (
    <WidgetRoot label="User progress">
      <Page userId={userId} onUserChange={onUserChange} />
    </WidgetRoot>
  );
}

function Page({ userId, onUserChange }: UserProgressPageProps) {
  const navigate = useNavigate();
  const users = useSelectableUsers();
  const [ownChoice, setOwnChoice] = useState<string | null>(null);
  const selected = userId === undefined ? ownChoice : userId;

  const choose = (next: string | null) => {
    if (userId === undefined) setOwnChoice(next);
    onUserChange?.(next);
  };
  const profile = users.data?.find((u) => u.user_id === selected);
  const name = profile?.display_name ?? adminMessages.unknownUser;

  return (
    <div className={s.stack}>
      <div>
        <button type="button" className={s.button.link} onClick={() => navigate('/admin')}>
          Back to Admin
        </button>
      </div>
      <h2 className={s.heading}>User Progress</h2>
      <UserSelector users={users} value={selected} onChange={choose} />
      {selected ? (
        <UserProgressDetails key={selected} userId={selected} userName={name} />
      ) : (
        <p className={s.text}>{adminMessages.selectUserPrompt}</p>
      )}
    </div>
  );
}
