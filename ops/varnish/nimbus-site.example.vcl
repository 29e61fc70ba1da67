# A site's own part of ops/varnish/nimbus.vcl: copy it as nimbus-site.vcl next to it (or anywhere
# on varnishd's vcl_path) and fill in the addresses. `npm run scale` writes its own.

# The load balancer in front of the instances (HAProxy), or a single instance.
backend origin {
    .host = "10.0.0.5";
    .port = "8080";
    .connect_timeout = 2s;
    .first_byte_timeout = 60s;
}

# Who may purge: the instances (EDGE_PURGE_URL points at this cache). Nobody else.
acl purgers {
    "localhost";
    "10.0.0.0"/24;
}
