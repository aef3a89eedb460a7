// The vendored Socket.IO browser client (scripts/vendor.mjs copies it from socket.io-client):
// its types are the npm package's, so `import('/static/vendor/socket.io.esm.min.js')` is typed.
export * from 'socket.io-client';
