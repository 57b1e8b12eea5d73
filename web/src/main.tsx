import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers';
import { createAppRouter } from './app/router';

const router = createAppRouter();
const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

// The first render is a transition: React draws it in slices and gives the browser its turn between them, where a
// plain render is one task of 100–250 ms on a slow machine (D110). Its commit is
// still one, so the server's page is replaced by the console's in one frame as before (D85).
const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
});
