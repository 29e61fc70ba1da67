# The edge cache in front of the balancer (docs/operations/scale-and-edge.md, "An edge cache in
# front"): Varnish 7 (Debian's varnish). It keeps what the origin marks `public` (a public share's
# page and card, hashed files), keys a page by the normalised headers the origin varies on
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
    unset req.http.X-Nimbus-View;
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

    # The page's language, chosen as shared-contracts `chooseSiteLanguage` chooses it for the
    # server (page-assembly/page-client.ts `languageOfRequest`): the link's `?lang=`, else the
    # language cookie (the language menu's choice), else the best of Accept-Language, else
    # English; each sign is read with the script and region fallbacks (nimbus_site_language).
    # VCL cannot call it: server/src/test/language-vcl.test.ts runs a table of requests through
    # this block and through `chooseSiteLanguage`. Read before the query is rewritten and the
    # cookies dropped.
    unset req.http.X-Nimbus-Query-Language;
    if (req.url ~ "^[^?]*\?([^&]*&)*lang=") {
        # The first `lang` of the query (URLSearchParams' get), as written: not percent-decoded.
        set req.http.X-Nimbus-Tag = regsub(req.url, "^[^?]*\?([^&]*&)*?lang=([^&]*).*$", "\2");
        call nimbus_site_language;
        if (req.http.X-Nimbus-Tag-Language) {
            set req.http.X-Nimbus-Query-Language = req.http.X-Nimbus-Tag-Language;
            set req.http.X-Nimbus-Language = req.http.X-Nimbus-Tag-Language;
        }
    }
    # Cookie headers as one (HTTP/2 sends a header per cookie), as Node joins them for the server.
    std.collect(req.http.Cookie, "; ");
    if (!req.http.X-Nimbus-Language && req.http.Cookie ~ "(^|;)\s*nimbus_lang\s*=") {
        # The first cookie of that name, as sent.
        set req.http.X-Nimbus-Tag = regsub(req.http.Cookie,
            "^([^;]*;)*?\s*nimbus_lang\s*=([^;]*).*$", "\2");
        call nimbus_site_language;
        if (req.http.X-Nimbus-Tag-Language) {
            set req.http.X-Nimbus-Language = req.http.X-Nimbus-Tag-Language;
        }
    }
    if (!req.http.X-Nimbus-Language) {
        # Accept-Language's first three entries (no loops in VCL): the one with the highest
        # quality among those the site speaks, the earliest of equals; quality 0 is a refusal.
        set req.http.X-Nimbus-Accept-Rest = req.http.Accept-Language;
        set req.http.X-Nimbus-Accept-Best = "0";
        call nimbus_accept_language_entry;
        call nimbus_accept_language_entry;
        call nimbus_accept_language_entry;
    }
    if (!req.http.X-Nimbus-Language) {
        set req.http.X-Nimbus-Language = "en";
    }
    unset req.http.X-Nimbus-Tag;
    unset req.http.X-Nimbus-Tag-Language;
    unset req.http.X-Nimbus-Accept-Rest;
    unset req.http.X-Nimbus-Accept-Quality;
    unset req.http.X-Nimbus-Accept-Best;

    # One object per page, whatever the link's query says (the URL is both the object's key and
    # what the origin is asked): decorations must not make a new object and an origin request.
    if (req.url ~ "^/og/") {
        # A card depends on its path alone.
        set req.url = regsub(req.url, "\?.*$", "");
    } elsif (req.url ~ "^/s/") {
        # A share page's first screen depends on little of its query: whether it names `sort` or
        # `q` (a list of its own, not painted: `opensOwnList` in
        # server/src/page-assembly/page-routes.ts), else the folder a folder's link names (that
        # folder's list is painted). The app reads folder, sort, order, q and pwd from the
        # visitor's own address in the browser. So the query kept is `?folder` (a sorted or
        # filtered list), `?folder=<id>` or none: two objects per share, platform and language,
        # and one per folder opened by a link, whatever the rest of the query (a list of allowed
        # names kept with their values would still make one per `?q=<random>`), and no extract
        # code (`pwd`) in the origin's logs. A link's language is kept too, as the
        # language it names (one of 17: `?lang=ja-JP` is `lang=ja`, an unknown one goes).
        if (req.url ~ "[?&](sort|q)(=|&|$)" || req.url ~ "[?&]folder(&|$)") {
            set req.url = regsub(req.url, "\?.*$", "?folder");
        } elsif (req.url ~ "^[^?]*\?([^&]*&)*?folder=[1-9][0-9]{0,9}(&|$)") {
            # A folder's link alone: its folder, which the origin paints (an object per folder,
            # as many as the share has; an id it does not hold paints the root).
            set req.url = regsub(req.url, "^([^?]*)\?([^&]*&)*?folder=([1-9][0-9]{0,9})(&.*)?$",
                "\1?folder=\3");
        } else {
            set req.url = regsub(req.url, "\?.*$", "");
        }
        if (req.http.X-Nimbus-Query-Language && req.url ~ "\?") {
            set req.url = req.url + "&lang=" + req.http.X-Nimbus-Query-Language;
        } elsif (req.http.X-Nimbus-Query-Language) {
            set req.url = req.url + "?lang=" + req.http.X-Nimbus-Query-Language;
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
    # (page-assembly/page-client.ts `platformOfHeaders`): the user agent's word first, then the
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

    # The share view the first screen is painted in, as page-assembly/page-client.ts
    # `viewOfRequest` reads it: the view cookie (the first, as sent) when it says exactly `grid`,
    # else the list. The origin's share pages vary by it: a grid visitor never gets a page painted
    # as a list, and each view is kept once (server/src/test/view-vcl.test.ts).
    if (req.http.Cookie ~ "(^|;)\s*nimbus_view\s*=") {
        set req.http.X-Nimbus-View = regsub(req.http.Cookie,
            "^([^;]*;)*?\s*nimbus_view\s*=([^;]*).*$", "\2");
    }
    if (req.http.X-Nimbus-View ~ "^\s*grid\s*$") {
        set req.http.X-Nimbus-View = "grid";
    } else {
        set req.http.X-Nimbus-View = "list";
    }

    # A protected share's unlock cookie (HttpOnly, sent by the browser only to that share's page
    # and the share API; docs/security.md): the origin paints the share's list for this visitor,
    # who proved its code. Never kept here, never answered from here: to the origin with it.
    if (req.url ~ "^/s/" && req.http.Cookie ~ "(^|;)\s*nimbus_unlock_[A-Za-z0-9_-]+=") {
        set req.http.X-Nimbus-Pass = "1";
        return (pass);
    }
    # The site keeps no session in a cookie (it rides in the API's X-Token): any other cookie on
    # a page request is someone else's (analytics), or the language or view choice, read above.
    unset req.http.Cookie;
    unset req.http.X-Nimbus-Query-Language;
    return (hash);
}

# The site's language for the language tag in X-Nimbus-Tag, in X-Nimbus-Tag-Language (unset when
# the site does not speak it), as shared-contracts `siteLanguageOf`: a well-formed tag, any case,
# `_` for `-`; zh-TW, zh-HK, zh-MO and zh-Hant-* are zh-Hant, any other Chinese zh-Hans; pt and
# pt-PT are pt-BR; iw is he, in is id; en-GB, es-419, fr-CA and the like their language.
sub nimbus_site_language {
    unset req.http.X-Nimbus-Tag-Language;
    set req.http.X-Nimbus-Tag = regsub(req.http.X-Nimbus-Tag, "^\s*(.*?)\s*$", "\1");
    if (req.http.X-Nimbus-Tag ~ "(?i)^[a-z]{2,3}([-_][a-z0-9]{1,8})*$") {
        if (req.http.X-Nimbus-Tag ~ "(?i)^zh[-_](hant|tw|hk|mo)([-_]|$)") {
            set req.http.X-Nimbus-Tag-Language = "zh-Hant";
        } elsif (req.http.X-Nimbus-Tag ~ "(?i)^zh([-_]|$)") {
            set req.http.X-Nimbus-Tag-Language = "zh-Hans";
        } elsif (req.http.X-Nimbus-Tag ~ "(?i)^pt([-_]|$)") {
            set req.http.X-Nimbus-Tag-Language = "pt-BR";
        } elsif (req.http.X-Nimbus-Tag ~ "(?i)^(he|iw)([-_]|$)") {
            set req.http.X-Nimbus-Tag-Language = "he";
        } elsif (req.http.X-Nimbus-Tag ~ "(?i)^(id|in)([-_]|$)") {
            set req.http.X-Nimbus-Tag-Language = "id";
        } elsif (req.http.X-Nimbus-Tag ~ "(?i)^(en|ja|ko|hi|th|vi|ar|es|fr|de|ru|tr)([-_]|$)") {
            set req.http.X-Nimbus-Tag-Language = std.tolower(
                regsub(req.http.X-Nimbus-Tag, "^([A-Za-z]+).*$", "\1"));
        }
    }
}

# The next entry of Accept-Language (what is left of it in X-Nimbus-Accept-Rest), as
# shared-contracts `siteLanguageOfAcceptLanguage` ranks it: its quality is its first `q=`
# parameter (1 without one; an unreadable one refuses it), and it becomes X-Nimbus-Language when
# the site speaks it with a higher quality than any entry before (X-Nimbus-Accept-Best).
sub nimbus_accept_language_entry {
    set req.http.X-Nimbus-Tag = regsub(req.http.X-Nimbus-Accept-Rest, "^([^,]*).*$", "\1");
    if (req.http.X-Nimbus-Accept-Rest ~ ",") {
        set req.http.X-Nimbus-Accept-Rest = regsub(req.http.X-Nimbus-Accept-Rest, "^[^,]*,", "");
    } else {
        set req.http.X-Nimbus-Accept-Rest = "";
    }
    set req.http.X-Nimbus-Accept-Quality = "1";
    if (req.http.X-Nimbus-Tag ~ ";\s*q=[0-9.]+\s*(;|$)") {
        set req.http.X-Nimbus-Accept-Quality = regsub(req.http.X-Nimbus-Tag,
            "^[^;]*(;[^;]*)*?;\s*q=([0-9.]+)\s*(;.*)?$", "\2");
    }
    set req.http.X-Nimbus-Tag = regsub(req.http.X-Nimbus-Tag, "^([^;]*).*$", "\1");
    call nimbus_site_language;
    if (req.http.X-Nimbus-Tag-Language && std.real(req.http.X-Nimbus-Accept-Quality, 0) >
            std.real(req.http.X-Nimbus-Accept-Best, 0)) {
        set req.http.X-Nimbus-Language = req.http.X-Nimbus-Tag-Language;
        set req.http.X-Nimbus-Accept-Best = req.http.X-Nimbus-Accept-Quality;
    }
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
