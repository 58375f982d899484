/*
 * Litecoin MWEB through the C library, from the header alone. Each line of the input:
 *
 *   verify <expected> <transaction or block hex> <previous kernel offset hex or -> [<text>]
 *   scan <outputs found, or -1> <transaction or block hex> <scan key hex> <spend pubkey hex>
 *
 * A verify line must get its verdict (1 valid, 0 invalid, 2 incomplete, -1 unusable) and a
 * report that says it (and holds <text>, when given: a finding's rule); the same bytes given
 * as hex text must get the same; a report buffer
 * too short is refused with the length needed. A scan line must find that many outputs (or
 * be refused). Exits 0 when all agree.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hex.h"
#include "rangeproof.h"

static int failures = 0;

static void fail(size_t line, const char *what) {
    fprintf(stderr, "line %zu: %s\n", line, what);
    failures++;
}

static size_t count(const char *text, const char *needle) {
    size_t n = 0;
    for (const char *at = strstr(text, needle); at != NULL; at = strstr(at + 1, needle)) {
        n++;
    }
    return n;
}

int main(int argc, char **argv) {
    FILE *file = open_input(argc, argv, "CHECKS");
    rp_context *ctx = rp_context_create();
    static unsigned char data[1 << 20];
    static char report[1 << 16];
    char reason[256];
    char *line = NULL;
    size_t cap = 0, lines = 0;
    ssize_t len;
    while ((len = getline(&line, &cap, file)) > 0) {
        lines++;
        if (line[len - 1] == '\n') {
            line[len - 1] = '\0';
        }
        const char *kind = strtok(line, " ");
        if (strcmp(kind, "verify") == 0) {
            int expected = atoi(strtok(NULL, " "));
            const char *hex = strtok(NULL, " ");
            size_t data_len = unhex(hex, data, sizeof data);
            const char *offset_hex = strtok(NULL, " ");
            unsigned char offset[32];
            const unsigned char *previous = NULL;
            if (strcmp(offset_hex, "-") != 0) {
                unhex(offset_hex, offset, 32);
                previous = offset;
            }
            const char *needle = strtok(NULL, " ");
            size_t report_len = sizeof report;
            int got = rp_mweb_verify(ctx, data, data_len, previous, report, &report_len, reason,
                                     sizeof reason);
            static const char *words[] = {"\"verdict\":\"invalid\"", "\"verdict\":\"valid\"",
                                          "\"verdict\":\"incomplete\""};
            if (got != expected) {
                fprintf(stderr, "line %zu: rp_mweb_verify gave %d (%s)\n", lines, got, reason);
                failures++;
                continue;
            }
            if (got >= 0 && (strlen(report) != report_len || strstr(report, words[got]) == NULL)) {
                fail(lines, "the report does not say the verdict");
            } else if (got < 0 && reason[0] == '\0') {
                fail(lines, "refused without a reason");
            } else if (needle != NULL && strstr(report, needle) == NULL) {
                fprintf(stderr, "line %zu: the report does not hold %s: %s\n", lines, needle,
                        report);
                failures++;
            }
            /* The hex text itself: the same verdict. */
            size_t text_len = sizeof report;
            static char again[1 << 16];
            if (rp_mweb_verify(ctx, (const unsigned char *)hex, strlen(hex), previous, again,
                               &text_len, NULL, 0) != got ||
                (got >= 0 && strcmp(again, report) != 0)) {
                fail(lines, "the hex text got another verdict or report");
            }
            size_t short_len = 8;
            if (got >= 0 &&
                (rp_mweb_verify(ctx, data, data_len, previous, report, &short_len, NULL, 0) != -1 ||
                 short_len != report_len)) {
                fail(lines, "a short report buffer was not refused with the length needed");
            }
        } else if (strcmp(kind, "scan") == 0) {
            int expected = atoi(strtok(NULL, " "));
            size_t data_len = unhex(strtok(NULL, " "), data, sizeof data);
            unsigned char scan_key[32], spend[33];
            unhex(strtok(NULL, " "), scan_key, 32);
            unhex(strtok(NULL, " "), spend, 33);
            size_t found_len = sizeof report;
            int got = rp_mweb_scan(ctx, data, data_len, scan_key, spend, 16, report, &found_len,
                                   reason, sizeof reason);
            if (expected < 0 ? got != -1 : (got != 1 || count(report, "\"output\"") != (size_t)expected)) {
                fprintf(stderr, "line %zu: rp_mweb_scan gave %d (%s)\n", lines, got, reason);
                failures++;
            }
            /* The caller wipes what it was given. */
            memset(report, 0, sizeof report);
            memset(scan_key, 0, sizeof scan_key);
        } else {
            fprintf(stderr, "line %zu: unknown check %s\n", lines, kind);
            return 2;
        }
    }

    /* Unusable arguments. */
    size_t report_len = sizeof report;
    unsigned char key[33] = {0};
    if (rp_mweb_verify(NULL, data, 10, NULL, NULL, NULL, NULL, 0) != -1 ||
        rp_mweb_verify(ctx, NULL, 10, NULL, NULL, NULL, NULL, 0) != -1 ||
        rp_mweb_verify(ctx, data, 10, NULL, report, NULL, NULL, 0) != -1 ||
        rp_mweb_verify(ctx, data, 60000000, NULL, report, &report_len, NULL, 0) != -1 ||
        rp_mweb_scan(ctx, data, 10, NULL, key, 1, report, &report_len, NULL, 0) != -1 ||
        rp_mweb_scan(ctx, data, 10, key, NULL, 1, report, &report_len, NULL, 0) != -1 ||
        rp_mweb_scan(ctx, data, 10, key, key, 1, NULL, &report_len, NULL, 0) != -1) {
        fprintf(stderr, "bad arguments were taken\n");
        failures++;
    }
    /* An address count past the cap: refused with a reason, before any allocation it sizes. */
    unsigned char scan_key[32];
    memset(scan_key, 1, sizeof scan_key);
    report_len = sizeof report;
    if (rp_mweb_scan(ctx, data, 10, scan_key, key, UINT32_MAX, report, &report_len, reason,
                     sizeof reason) != -1 ||
        strstr(reason, "addresses") == NULL) {
        fprintf(stderr, "an address count past the cap was taken\n");
        failures++;
    }

    printf("%zu checks, %d disagreements\n", lines, failures);
    rp_context_destroy(ctx);
    free(line);
    fclose(file);
    return failures == 0 ? 0 : 1;
}
