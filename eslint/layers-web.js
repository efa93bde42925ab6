// Web and site layering (docs/layers.md). Owned by the web side: replace this stub with the web/site
// zones (`import-x/no-restricted-paths`, `import-x/no-cycle`) scoped with `files` to apps/web and apps/site.
export const webLayers = [];
