import { render } from 'preact';
import { registerServiceWorker } from './pwa/register';
import { App } from './ui/App';
import { startLanguage } from './ui/i18n/language';
import { startText } from './ui/i18n/text';
import './ui/styles.css';
import { readLastSource } from './ui/last-source';
import { route } from './ui/router';
import { prefetchPreview } from './ui/workspace/model';

// A reload on a workspace or session link: the last visit's listing is read while the words load.
const last = route.peek().view === 'workspace' || route.peek().view === 'session' ? readLastSource() : null;
if (last) prefetchPreview(last);

// The interface's words come first (one small chunk, in the reader's language), then the app.
void startText(startLanguage()).then(() => {
  render(<App />, document.getElementById('app')!);
  registerServiceWorker();
});
