import { Link } from '@tanstack/react-router';
import { useCourseOutline } from '../session/useCourseOutline';

export function Footer() {
  const course = useCourseOutline().data;
  return (
    <footer className="site-footer">
      <p>© 2025{course ? ` ${course.title}` : ''}. All rights reserved.</p>
      <p>
        <Link to="/about">About</Link>
      </p>
    </footer>
  );
}
