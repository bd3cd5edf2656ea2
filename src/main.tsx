import { render } from 'preact';
import { registerServiceWorker } from './pwa/register';
import { App } from './ui/shell/App';
import { startLanguage } from './ui/i18n/language';
import { errorTextReady, startText } from './ui/i18n/text';
import './ui/shell/styles.css';
import { readLastSource } from './ui/open/last-source';
import { route } from './ui/shell/router';
import { prefetchPreview } from './ui/workspace/model';
import { afterNextPaint } from './ui/shell/paint';

// The interface's words come first (one small chunk, in the reader's language), then the app.
const words = startText(startLanguage());

// A reload on a workspace or session link: the last visit's listing is read while the words load,
// and is in the first render when it is read first.
const last = route.peek().view === 'workspace' || route.peek().view === 'session' ? readLastSource() : null;
if (last) prefetchPreview(last);

void words.then(async () => {
  performance.mark('lens:words');
  render(<App />, document.getElementById('app')!);
  performance.mark('lens:rendered');
  // Nothing on screen needs the service worker: it registers once the first screen is painted.
  await afterNextPaint();
  registerServiceWorker();
  // Storage errors' words: not needed for the first screen, so not in its JavaScript.
  void errorTextReady();
});
