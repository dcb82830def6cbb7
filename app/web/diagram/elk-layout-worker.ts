// ELK's layout off the page's main thread: laying out the state diagram is one task of about a
// second at page load. elkjs's worker script, loaded in a worker (no `document`, a `self`), installs its
// own message handler and answers elkjs's API (elk-api.js) — this module only loads it there.
import 'elkjs/lib/elk-worker.min.js';
