// The player of a cmi5 package (player.js): the AU named by `au` (cmi5.xml launches
// index.html?au=module-2…), over the LRS the launch URL names.
import { type Cmi5Scope, createCmi5Runtime } from '../../runtime/cmi5Runtime';
import { scopeFromAu } from '../playerScope';
import { startPackagePlayer } from '../startPackagePlayer';

void startPackagePlayer({
  scope: (bundle) => scopeFromAu(new URLSearchParams(globalThis.location.search).get('au'), bundle),
  // scopeFromAu only ever names an AU, never the whole course.
  runtime: (_bundle, scope) => createCmi5Runtime({ scope: scope as Cmi5Scope }),
});
