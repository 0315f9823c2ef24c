import { Link } from '@tanstack/react-router';

export function Footer() {
  return (
    <footer className="site-footer">
      <p>© 2025 Data Literacy for Facility Managers. All rights reserved.</p>
      <p>
        <Link to="/about">About</Link>
      </p>
    </footer>
  );
}
