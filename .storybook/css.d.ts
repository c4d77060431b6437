// Stylesheets are imported for their side effect (Vite injects them); they export nothing.
declare module '*.css';
