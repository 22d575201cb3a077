// SPDX-License-Identifier: Apache-2.0
#include "core/storage/model_load.h"

#include "core/base/finding_text.h"

#include <algorithm>

namespace infrafit {

using infra::addFinding;
using infra::num;

ModelLoadFigures planModelLoad(const Workload& w, double weightsBytesPerGpu, int servingGpusPerNode,
    int nodesUsed, const NodeStorage& node)
{
    ModelLoadFigures m;
    m.bytesPerNode = std::max(0.0, weightsBytesPerGpu) * std::max(0, servingGpusPerNode);
    m.source = w.modelLoadSource;
    if (m.source == StorageTarget::Auto)
        m.source
            = node.hasDrives() || !node.hasShared() ? StorageTarget::Local : StorageTarget::Shared;
    if (node.hasDrives())
        m.localS = m.bytesPerNode / node.readBytesPerS;
    m.sharedS = sharedTransferS(node, m.bytesPerNode, nodesUsed);
    m.startupS = m.source == StorageTarget::Local ? m.localS : m.sharedS;
    m.scaleOutS = sharedTransferS(node, m.bytesPerNode, 1);
    return m;
}

void checkModelLoad(const ModelLoadFigures& m, const NodeStorage& node, Findings& findings)
{
    const bool local = m.source == StorageTarget::Local;
    if ((local && !node.hasDrives()) || (!local && !node.hasShared())) {
        addFinding(findings, Severity::Warning, "storage.no_model_source",
            std::string("The model load source is ") + (local ? "local NVMe" : "shared storage")
                + " but the configuration has "
                + (local ? "no NVMe drives"
                         : "no shared storage bandwidth or no NICs")
                + "; the " + num(m.bytesPerNode / 1e9, 1)
                + " GB of weights per node cannot be loaded from it.",
            local ? "Add NVMe drives or set the shared storage bandwidth."
                  : "Set the shared storage bandwidth, or load from local NVMe.");
        return;
    }
    std::string message = "Loading " + num(m.bytesPerNode / 1e9, 1)
        + " GB of weights per node takes " + num(m.startupS, 1) + " s at start-up from "
        + (local ? "local NVMe" : "shared storage");
    if (m.scaleOutS > 0)
        message += ", " + num(m.scaleOutS, 1) + " s for a node added from shared storage";
    else
        message += "; without shared storage a new node must be pre-loaded";
    addFinding(findings, Severity::Info, "storage.model_load", message + ".");
}

} // namespace infrafit
