/// <reference types="vite/client" />
declare module '*.module.css' {
  const classes: Record<string, string>;
  export default classes;
}

declare module 'virtual:app-map' {
  const map: import('./appMap').AppMap;
  export default map;
}

declare module 'virtual:app-routes' {
  const routes: import('./appMap').AppRoute[];
  export default routes;
}

declare module 'virtual:contrast.css';
