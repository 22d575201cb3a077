// SPDX-License-Identifier: Apache-2.0
// The serving section of the text report writes request rates so that a
// small demand does not read as none (a 1-request-per-minute service used
// to print "0.02", a 1-per-hour one "0.00 requests/s").
#include "core/output/serving_text.h"

#include <catch2/catch.hpp>

using namespace infrafit;

TEST_CASE("Request rates keep their digits from 1 per hour to thousands per second",
          "[serving][text]")
{
    CHECK(requestRateText(0) == "0");
    CHECK(requestRateText(1.0 / 3600) == "0.00028"); // one per hour
    CHECK(requestRateText(1.0 / 60) == "0.017");     // one per minute
    CHECK(requestRateText(0.5) == "0.50");
    CHECK(requestRateText(4.25) == "4.25");
    CHECK(requestRateText(50) == "50.0");
    CHECK(requestRateText(1234.4) == "1234");
    CHECK(requestRateText(1e-6) == "< 0.0001");

    ServingReport r;
    r.demandRequestsPerS = 1.0 / 3600;
    r.capacityRequestsPerS = 12.5;
    r.saturatedRequestsPerS = 14;
    r.gpusPerReplica = 1;
    std::string text;
    appendServingText(text, r);
    CHECK(text.find("Serving: 0.00028 requests/s; one replica of 1 GPU holds 12.5 requests/s "
                    "under the SLA (saturates at 14.0)")
          != std::string::npos);
}
