// CloudFront Function (cloudfront-js-2.0), viewer request of the site's default behaviour only:
// a path whose last segment has no extension is a route of the single-page app, so it is served
// /index.html. Files (/assets/x.js, /config.json) pass through, and the API behaviours (/token/*,
// /status, /log) never see this function, so their errors are not masked.
// eslint-disable-next-line @typescript-eslint/no-unused-vars
function handler(event) {
  const request = event.request;
  const uri = request.uri;
  const lastSegment = uri.substring(uri.lastIndexOf('/') + 1);
  if (lastSegment.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}
