// The player of a SCORM 2004 4th edition package (player.js): the whole course on window.API_1484_11.
import { createScorm2004Runtime } from '../../runtime/scorm2004Runtime';
import { startPackagePlayer } from '../startPackagePlayer';

void startPackagePlayer({ runtime: () => createScorm2004Runtime(), scope: () => ({ kind: 'course' }) });
