// The player of a SCORM 1.2 package (player.js): the whole course on window.API.
import { createScorm12Runtime } from '../../runtime/scorm12Runtime';
import { startPackagePlayer } from '../startPackagePlayer';

void startPackagePlayer({ runtime: () => createScorm12Runtime(), scope: () => ({ kind: 'course' }) });
