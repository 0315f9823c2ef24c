// The pages loaded on demand (the landing and auth screens are in the main bundle).
import { QueryClientProvider } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { hostQueryClient } from '../learner/hostQueryClient';
import { CertificateCheck as CertificateCheckPage } from './CertificateCheck';
import { Profile as ProfilePage } from './Profile';
import { Syllabus as SyllabusPage } from './Syllabus';

const Cached = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={hostQueryClient}>{children}</QueryClientProvider>
);

export { About } from './About';
export { Account } from './Account';
export { Catalog } from './Catalog';

export function Profile() {
  return (
    <Cached>
      <ProfilePage />
    </Cached>
  );
}

/** learner §2 /edit-profile: the profile, opened in edit mode. */
export function EditProfile() {
  return (
    <Cached>
      <ProfilePage startEditing />
    </Cached>
  );
}

export function CertificateCheck() {
  const { code } = useParams({ strict: false });
  return (
    <Cached>
      <CertificateCheckPage code={code} />
    </Cached>
  );
}

export function Syllabus() {
  return (
    <Cached>
      <SyllabusPage />
    </Cached>
  );
}
