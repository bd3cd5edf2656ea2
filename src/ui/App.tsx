/** Root component: the start screen until a workspace is opened. */
export function App() {
  return (
    <main>
      <h1>Session Lens</h1>
      <p>
        Open a nanobot workspace from your disk and read, understand, repair and safely edit its conversation
        session files. Everything stays in this page: nothing is uploaded.
      </p>
    </main>
  );
}
