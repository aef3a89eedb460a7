// The vendored Workbox window helper (scripts/vendor.mjs copies it from workbox-window).
export * from 'workbox-window';
