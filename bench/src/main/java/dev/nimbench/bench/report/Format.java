package dev.nimbench.bench.report;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Locale;

/** Locale-independent number formatting for tables and axis labels. */
final class Format {

    private static final String SUPERSCRIPT = "\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079";

    private Format() {
    }

    /** {@code v} rounded to {@code digits} significant digits, plain notation for sane magnitudes. */
    static String sig(double v, int digits) {
        if (Double.isNaN(v)) {
            return "NaN";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "inf" : "-inf";
        }
        if (v == 0) {
            return "0";
        }
        BigDecimal b = new BigDecimal(v).round(new MathContext(digits));
        double a = Math.abs(v);
        if (a >= 1e-4 && a < 1e9) {
            return b.toPlainString();
        }
        return String.format(Locale.ROOT, "%." + (digits - 1) + "e", v);
    }

    /** Axis tick label: 2 significant digits, no trailing zeros, plain for 1e-6..1e9. */
    static String tick(double v) {
        if (!(v > 0) || Double.isInfinite(v)) {
            return sig(v, 2);
        }
        BigDecimal b = new BigDecimal(v).round(new MathContext(2)).stripTrailingZeros();
        return v >= 1e-6 && v < 1e9 ? b.toPlainString() : String.format(Locale.ROOT, "%.1e", v);
    }

    /** A speed-up factor: {@code 4×}, {@code 1.5×}, and below 1 as a fraction when exact ({@code 1/8×}). */
    static String factor(double v) {
        if (v > 0 && v < 1) {
            double inv = 1 / v;
            long r = Math.round(inv);
            if (Math.abs(inv - r) < 1e-9 * inv) {
                return "1/" + r + "\u00d7";
            }
        }
        return tick(v) + "\u00d7";
    }

    /** Fixed decimals, e.g. growth exponents. */
    static String fixed(double v, int decimals) {
        return Double.isNaN(v) ? "—" : String.format(Locale.ROOT, "%." + decimals + "f", v);
    }

    /** {@code base} raised to a superscript exponent when {@code v} is an exact power, else compact. */
    static String power(double v, int base) {
        double k = Math.log(v) / Math.log(base);
        long r = Math.round(k);
        if (Math.abs(k - r) < 1e-9 && r >= 0) {
            return base + superscript(r);
        }
        return size(v);
    }

    static String superscript(long k) {
        StringBuilder sb = new StringBuilder();
        for (char c : Long.toString(k).toCharArray()) {
            sb.append(c == '-' ? '\u207b' : SUPERSCRIPT.charAt(c - '0'));
        }
        return sb.toString();
    }

    /** Sizes in tables: {@code 2^20 (1048576)} for powers of two above 512, the number otherwise. */
    static String sizeLabel(long n) {
        if (n <= 0) {
            return "—";
        }
        if (n >= 1024 && Long.bitCount(n) == 1) {
            return "2^" + Long.numberOfTrailingZeros(n);
        }
        if (n >= 10_000 && isPowerOfTen(n)) {
            return "10^" + (Long.toString(n).length() - 1);
        }
        return Long.toString(n);
    }

    private static boolean isPowerOfTen(long n) {
        while (n % 10 == 0) {
            n /= 10;
        }
        return n == 1;
    }

    /** Compact number: 1500 -> 1.5k, 2000000 -> 2M. */
    static String size(double v) {
        String[] suffix = {"", "k", "M", "G", "T"};
        int i = 0;
        while (Math.abs(v) >= 1000 && i < suffix.length - 1) {
            v /= 1000;
            i++;
        }
        return sig(v, 3) + suffix[i];
    }
}
