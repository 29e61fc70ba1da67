# The edge cache in front of the balancer (docs/operations/scale-and-edge.md, "An edge cache in
# front"): Varnish 7 (Debian's varnish). It keeps what the origin marks `public` (a public share's
# page and card, hashed files), keys a page by the two normalised headers the origin varies on
# instead of the whole User-Agent and by the part of its query the origin reads, and drops pages and
# cards by Surrogate-Key when an instance purges them (a share changed, a new release).
#
# The site's own settings (the backend and who may purge) are in nimbus-site.vcl, found on
# varnishd's vcl_path: see nimbus-site.example.vcl; `npm run scale` writes one for its HAProxy.
vcl 4.1;

import std;

include "nimbus-site.vcl";

sub vcl_recv {
    # Headers only this edge writes: whatever a client sent in their name goes first.
    unset req.http.X-Nimbus-Platform;
    unset req.http.X-Nimbus-Language;
    unset req.http.X-Nimbus-Pass;

    if (req.method == "PURGE") {
        if (client.ip !~ purgers) {
            return (synth(405, "Not allowed"));
        }
        # Keys as the origin writes them (share-12, pages): nothing else reaches the ban's regex.
        if (req.http.Surrogate-Key !~ "^[a-z0-9-]+( [a-z0-9-]+)*$") {
            return (synth(400, "Surrogate-Key expected"));
        }
        # A ban on the stored objects' keys only (obj.*): the ban lurker clears them in the
        # background, and no later lookup gets one, fresh or stale. (The regex has no blank and
        # no quotes: std.ban() would keep quotes as part of it.)
        if (std.ban("obj.http.Surrogate-Key ~ (^|[[:space:]])(" +
                regsuball(req.http.Surrogate-Key, " ", "|") + ")([[:space:]]|$)")) {
            return (synth(200, "Purged"));
        }
        return (synth(400, std.ban_error()));
    }

    # The API (sessions ride in X-Token), media links (refused the moment a share is canceled),
    # the operators' and sign-in endpoints and every write: always to the origin.
    if ((req.method != "GET" && req.method != "HEAD") ||
        req.url ~ "^/(api|media|ops|metrics|field|idp|community-oauth|healthz|readyz)(/|\?|$)" ||
        req.http.Authorization || req.http.X-Token) {
        set req.http.X-Nimbus-Pass = "1";
        return (pass);
    }

    # One object per page, whatever the link's query says (the URL is both the object's key and
    # what the origin is asked): decorations must not make a new object and an origin request.
    if (req.url ~ "^/og/") {
        # A card depends on its path alone.
        set req.url = regsub(req.url, "\?.*$", "");
    } elsif (req.url ~ "^/s/") {
        # A share page's first screen depends on one thing of its query: whether it names
        # `folder`, `sort` or `q` (a list of its own, not the root: `opensOwnList` in
        # server/src/page-assembly/page-routes.ts). The app reads folder, sort, order, q and pwd
        # from the visitor's own address in the browser. So the query kept is that one bit,
        # `?folder` or none: two objects per share, platform and language, whatever the query (a
        # list of allowed names kept with their values would still make one per `?q=<random>`),
        # and no extract code (`pwd`) in the origin's logs.
        if (req.url ~ "[?&](folder|sort|q)(=|&|$)") {
            set req.url = regsub(req.url, "\?.*$", "?folder");
        } else {
            set req.url = regsub(req.url, "\?.*$", "");
        }
    } else {
        # Elsewhere (the home and invite pages, files), the parameters ad, mail and social
        # platforms add to a link go: neither the origin nor the app reads them.
        set req.url = regsuball(req.url, "(?<=[?&])(utm_[^=&]*|_ga|_gl|fbclid|gclid|gclsrc|" +
            "dclid|gbraid|wbraid|msclkid|twclid|ttclid|yclid|rb_clickid|igshid|mc_cid|mc_eid|" +
            "_hsenc|_hsmi|_kx|_openstat|epik|li_fat_id|mkt_tok|oly_anon_id|oly_enc_id|s_cid|" +
            "srsltid|vero_id)(=[^&]*)?(&|$)", "");
        set req.url = regsub(req.url, "[?&]+$", "");
    }

    # The platform class, decided as shared-contracts `platformOf` decides it for the server
    # (page-assembly/edge-headers.ts `platformOfHeaders`): the user agent's word first, then the
    # low-entropy Client Hints Chromium sends on every request. VCL cannot call it:
    # server/src/test/platform-vcl.test.ts runs this block and `platformOf` on the same requests.
    if (req.http.User-Agent ~ "(?i)android") {
        set req.http.X-Nimbus-Platform = "android";
    } elsif (req.http.User-Agent ~ "(?i)iphone|ipad|ipod") {
        set req.http.X-Nimbus-Platform = "ios";
    } elsif (req.http.Sec-CH-UA-Platform ~ {"(?i)^\s*"?android"?\s*$"}) {
        set req.http.X-Nimbus-Platform = "android";
    } elsif (req.http.Sec-CH-UA-Platform ~ {"(?i)^\s*"?ios"?\s*$"}) {
        set req.http.X-Nimbus-Platform = "ios";
    } elsif (req.http.User-Agent ~ "(?i)mobi" || req.http.Sec-CH-UA-Mobile == "?1") {
        set req.http.X-Nimbus-Platform = "mobile";
    } else {
        set req.http.X-Nimbus-Platform = "other";
    }

    # The language as shared-contracts `mapLocale` reads Accept-Language's first entry.
    set req.http.X-Nimbus-Language = std.tolower(regsub(req.http.Accept-Language, ",.*$", ""));
    if (req.http.X-Nimbus-Language ~ "^zh[-_](tw|hk|mo)") {
        set req.http.X-Nimbus-Language = "zhCHS";
    } elsif (req.http.X-Nimbus-Language ~ "^zh([-_]|$)") {
        set req.http.X-Nimbus-Language = "zh";
    } else {
        set req.http.X-Nimbus-Language = "en";
    }

    # The site keeps no session in a cookie (it rides in the API's X-Token): a cookie on a page
    # request is someone else's (analytics) and the origin's page does not read it.
    unset req.http.Cookie;
    return (hash);
}

sub vcl_backend_fetch {
    unset bereq.http.X-Nimbus-Pass;
}

sub vcl_backend_response {
    # Only what the origin says a shared cache may keep: a private, no-cache or unmarked answer
    # is fetched anew for every request (hit-for-miss, so a page that turns public is kept then).
    if (beresp.http.Cache-Control !~ "(?i)(^|,)\s*public\s*(,|$)" || beresp.http.Set-Cookie ||
        beresp.http.Vary ~ "(?i)(^|,)\s*(\*|user-agent|cookie)\s*(,|$)") {
        set beresp.uncacheable = true;
        set beresp.ttl = 120s;
        return (deliver);
    }
    # stale-while-revalidate: served stale that long while one background fetch renews it.
    if (beresp.http.Cache-Control ~ "stale-while-revalidate=[0-9]+") {
        set beresp.grace = std.duration(regsub(beresp.http.Cache-Control,
            "^.*stale-while-revalidate=([0-9]+).*$", "\1") + "s", 0s);
    }
}

sub vcl_deliver {
    # The keys are for this cache's bans, not for visitors.
    unset resp.http.Surrogate-Key;
    # Where the answer came from (harmless; the tests read it): HIT, MISS or PASS.
    if (req.http.X-Nimbus-Pass) {
        set resp.http.X-Cache = "PASS";
    } elsif (obj.hits > 0) {
        set resp.http.X-Cache = "HIT";
    } else {
        set resp.http.X-Cache = "MISS";
    }
}
