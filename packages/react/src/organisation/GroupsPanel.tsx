import type { OrgGroup, OrgPerson } from '@coursekit/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import * as a from '../admin/admin.css';
import { formatString } from '../strings/formatString';
import { ErrorState, Skeletons } from '../ui/QueryState';
import * as s from '../ui/styles.css';
import { messageOf, organisationKeys, useOrganisation, useOrganisationStrings } from './organisationContext';

function GroupCard({
  group,
  people,
  onNotice,
}: {
  group: OrgGroup;
  people: OrgPerson[];
  onNotice: (message: string) => void;
}) {
  const organisation = useOrganisation();
  const t = useOrganisationStrings();
  const queryClient = useQueryClient();
  const id = useId();
  const [chosen, setChosen] = useState('');
  const members = people.filter((p) => p.groups.includes(group.name));
  const others = people.filter((p) => !p.groups.includes(group.name));
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: organisationKeys.all(organisation.organisationId) });
  const add = useMutation({
    mutationFn: (userId: string) => organisation.addGroupMember(group.id, userId),
    onSuccess: async () => {
      setChosen('');
      await refresh();
    },
    onError: (error) => onNotice(messageOf(error)),
  });
  const remove = useMutation({
    mutationFn: (userId: string) => organisation.removeGroupMember(group.id, userId),
    onSuccess: refresh,
    onError: (error) => onNotice(messageOf(error)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen) add.mutate(chosen);
  };
  return (
    <li className={s.card}>
      <h4 id={`${id}-name`} className={s.subheading}>
        {group.name}
      </h4>
      <p className={s.muted}>{formatString(t.groupMembers, { count: group.members })}</p>
      {members.length === 0 ? (
        <p className={s.muted}>{t.groupNoMembers}</p>
      ) : (
        <ul className={s.list}>
          {members.map((person) => (
            <li key={person.user_id} className={s.row}>
              <span>{person.email}</span>
              <button
                type="button"
                className={`${s.button.secondary} ${a.smallButton}`}
                aria-label={formatString(t.groupRemoveMember, { email: person.email, name: group.name })}
                onClick={() => remove.mutate(person.user_id)}
              >
                {t.remove}
              </button>
            </li>
          ))}
        </ul>
      )}
      {others.length > 0 && (
        <form className={s.row} onSubmit={submit}>
          <label className={a.field}>
            {formatString(t.groupAddMember, { name: group.name })}
            <select className={s.select} value={chosen} onChange={(e) => setChosen(e.target.value)}>
              <option value="">{t.groupChoosePerson}</option>
              {others.map((person) => (
                <option key={person.user_id} value={person.user_id}>
                  {person.email}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className={s.button.secondary} disabled={!chosen || add.isPending}>
            {t.groupAdd}
          </button>
        </form>
      )}
    </li>
  );
}

/** The Groups tab: create a group, put people in it and take them out. */
export function GroupsPanel() {
  const organisation = useOrganisation();
  const t = useOrganisationStrings();
  const queryClient = useQueryClient();
  const id = organisation.organisationId;
  const uid = useId();
  const [name, setName] = useState('');
  const [notice, setNotice] = useState('');
  const groups = useQuery({ queryKey: organisationKeys.groups(id), queryFn: () => organisation.groups() });
  const people = useQuery({
    queryKey: organisationKeys.people(id, ''),
    queryFn: () => organisation.people({ search: '', pageSize: 100 }),
  });
  const create = useMutation({
    mutationFn: () => organisation.createGroup(name),
    onSuccess: async (group) => {
      setName('');
      setNotice(formatString(t.groupCreated, { name: group.name }));
      await queryClient.invalidateQueries({ queryKey: organisationKeys.all(id) });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  return (
    <div className={s.stack}>
      <p role="status" className={s.text}>
        {notice}
      </p>
      <form className={s.card} onSubmit={submit} aria-labelledby={`${uid}-h`}>
        <h3 id={`${uid}-h`} className={s.subheading}>
          {t.groupsHeading}
        </h3>
        <div className={s.row}>
          <label className={a.field}>
            {t.groupName}
            <input
              className={a.input}
              required
              value={name}
              onChange={(e) => setName(e.target.value)}
              aria-invalid={create.isError || undefined}
            />
          </label>
          <button type="submit" className={s.button.primary} disabled={create.isPending}>
            {t.groupCreate}
          </button>
        </div>
        {create.isError && (
          <p role="alert" className={a.fieldError}>
            {messageOf(create.error)}
          </p>
        )}
      </form>
      {groups.isPending || people.isPending ? (
        <Skeletons count={2} label={t.loadingGroups} />
      ) : groups.isError || people.isError ? (
        <ErrorState
          error={groups.error ?? people.error}
          onRetry={() => {
            void groups.refetch();
            void people.refetch();
          }}
        />
      ) : groups.data.length === 0 ? (
        <p className={s.muted}>{t.groupsEmpty}</p>
      ) : (
        <ul className={s.list}>
          {groups.data.map((group) => (
            <GroupCard key={group.id} group={group} people={people.data.items} onNotice={setNotice} />
          ))}
        </ul>
      )}
    </div>
  );
}
