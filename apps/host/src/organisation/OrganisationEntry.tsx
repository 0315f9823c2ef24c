import type { OrganisationFace } from '@coursekit/core';
import { fetchOrganisationFace } from '@coursekit/core/http';
import { Link, useParams } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useSession } from '../session/SessionProvider';
import { LoadingScreen } from '../ui/LoadingScreen';
import { applyOrganisation } from './organisationTheme';

type State =
  | { kind: 'loading' }
  | { kind: 'found'; face: OrganisationFace }
  | { kind: 'missing' }
  | { kind: 'error'; message: string };

/**
 * An organisation's entry to the site, `/o/{slug}`: the site in its theme, with its name and logo.
 * The theme stays for the rest of the visit in this tab. An unknown or suspended organisation is
 * not found, and the site keeps its own look.
 */
export function OrganisationEntry() {
  const { slug } = useParams({ from: '/o/$slug' });
  const { adapter } = useSession();
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    let active = true;
    setState({ kind: 'loading' });
    fetchOrganisationFace(adapter, slug).then(
      (face) => {
        if (!active) return;
        applyOrganisation(face);
        setState(face ? { kind: 'found', face } : { kind: 'missing' });
      },
      (error: unknown) =>
        active &&
        setState({ kind: 'error', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      active = false;
    };
  }, [adapter, slug]);

  useEffect(() => {
    if (state.kind === 'found') document.title = state.face.name;
  }, [state]);

  if (state.kind === 'loading') return <LoadingScreen />;
  if (state.kind === 'missing' || state.kind === 'error')
    return (
      <div className="centered">
        <h1>Organisation not found</h1>
        <p className="lead" role={state.kind === 'error' ? 'alert' : undefined}>
          {state.kind === 'error'
            ? state.message
            : 'There is no active organisation at this address. Check the link you were given.'}
        </p>
        <Link to="/" className="button button-primary">
          Return to Home
        </Link>
      </div>
    );
  const { face } = state;
  return (
    <section className="centered organisation-entry" aria-labelledby="organisation-name">
      {face.theme.logo_url ? (
        <img src={face.theme.logo_url} alt="" height={64} className="organisation-logo" />
      ) : null}
      <h1 id="organisation-name">{face.name}</h1>
      <p className="lead">Courses for the people of {face.name}.</p>
      <div className="actions">
        <Link to="/courses" className="button button-primary">
          Browse Courses
        </Link>
        <Link to="/signin" className="button">
          Sign In
        </Link>
      </div>
    </section>
  );
}
