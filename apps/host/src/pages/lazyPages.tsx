// The pages loaded on demand (the landing and auth screens are in the main bundle). The App provides
// the query cache they share.
import { useParams } from '@tanstack/react-router';
import { CertificateCheck as CertificateCheckPage } from './CertificateCheck';
import { Profile as ProfilePage } from './Profile';

export { About } from './About';
export { Account } from './Account';
export { Profile } from './Profile';
export { Syllabus } from './Syllabus';

/** learner §2 /edit-profile: the profile, opened in edit mode. */
export function EditProfile() {
  return <ProfilePage startEditing />;
}

export function CertificateCheck() {
  const { code } = useParams({ strict: false });
  return <CertificateCheckPage code={code} />;
}
