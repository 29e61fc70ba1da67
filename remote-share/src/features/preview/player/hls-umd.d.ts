/**
 * hls.js's UMD light build: unlike its ESM build (`hls.mjs`), it carries the transmuxer worker inline
 * (started from a blob: URL, which the CSP allows), so demuxing runs off the main thread.
 */
declare module 'hls.js/dist/hls.light.min.js' {
  import Hls from 'hls.js';
  export default Hls;
}
