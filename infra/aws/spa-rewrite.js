// CloudFront Function (cloudfront-js-2.0), viewer request of the site's default behaviour only:
// a public page (PUBLIC_PAGES of @partage/graphql) is served the HTML the build prerendered for it in the
// asked language (`?lang=en` English, anything else French: the hreflang URLs); any other path whose last
// segment has no extension is a route of the single-page app, so it is served /index.html. Files
// (/assets/x.js, /config.json) pass through, and the API behaviours (/token/*, /status, /log, /annonces/*,
// /sitemap.xml) never see this function, so their answers are not masked. The request is rewritten before
// the cache is looked up, so each language's page is cached on its own.
// A form of a public page that a browser posted by itself (no app to handle it: docs/painted-forms.md) is sent
// back to the page by GET, its body never read; any other method than GET and HEAD is refused.

// Filled in at synth (web-hosting.ts spaRewriteCode): the public pages' paths, the languages, the default one.
var PRERENDERED_PATHS = [];
var LANGUAGES = [];
var DEFAULT_LANGUAGE = '';

// eslint-disable-next-line @typescript-eslint/no-unused-vars
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    if (request.method === 'POST' && PRERENDERED_PATHS.indexOf(uri) !== -1) {
      var asked = request.querystring && request.querystring.lang ? request.querystring.lang.value : '';
      var back = LANGUAGES.indexOf(asked) !== -1 && asked !== DEFAULT_LANGUAGE ? uri + '?lang=' + asked : uri;
      return { statusCode: 303, statusDescription: 'See Other', headers: { location: { value: back } } };
    }
    return { statusCode: 405, statusDescription: 'Method Not Allowed', headers: { allow: { value: 'GET, HEAD' } } };
  }
  if (PRERENDERED_PATHS.indexOf(uri) !== -1) {
    var lang = request.querystring && request.querystring.lang ? request.querystring.lang.value : '';
    var language = LANGUAGES.indexOf(lang) !== -1 ? lang : DEFAULT_LANGUAGE;
    request.uri = '/prerendered/' + language + uri + '.html';
    return request;
  }
  var lastSegment = uri.substring(uri.lastIndexOf('/') + 1);
  if (lastSegment.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}
