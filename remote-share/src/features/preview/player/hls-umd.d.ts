/**
 * hls.js's UMD build: unlike its ESM build (`hls.mjs`), it carries the transmuxer worker inline
 * (started from a blob: URL, which the CSP allows), so demuxing runs off the main thread.
 */
declare module 'hls.js/dist/hls.min.js' {
  import Hls from 'hls.js';
  export default Hls;
}
