// SPDX-License-Identifier: Apache-2.0
#include "ui/startup_probe.h"

#include <QCoreApplication>
#include <QEvent>
#include <QFile>
#include <QTimer>
#include <QWidget>

#include <cstdio>
#include <ctime>
#include <unistd.h>

namespace infrafit::ui {
namespace {

/// Milliseconds since this process started: now (CLOCK_BOOTTIME) minus the
/// start time in /proc/self/stat (field 22, clock ticks since boot; proc(5)).
double msSinceProcessStart()
{
    QFile stat(QStringLiteral("/proc/self/stat"));
    if (!stat.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray text = stat.readAll();
    // Fields after the command name, which is in parentheses and may hold spaces.
    const auto fields = text.mid(text.lastIndexOf(')') + 2).split(' ');
    constexpr int startTimeField = 22 - 3; // fields 1 and 2 precede, counting from 3
    if (fields.size() <= startTimeField)
        return -1;
    const double ticks = fields[startTimeField].toDouble();
    const double startS = ticks / static_cast<double>(sysconf(_SC_CLK_TCK));
    timespec now{};
    clock_gettime(CLOCK_BOOTTIME, &now);
    const double nowS = static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) * 1e-9;
    return (nowS - startS) * 1e3;
}

class FirstPaintProbe : public QObject {
public:
    using QObject::QObject;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() == QEvent::Paint && !mSeen) {
            mSeen = true;
            // Runs once the paint (and its flush) has returned to the event loop.
            QTimer::singleShot(0, this, [] {
                std::printf("startup-ms %.0f\n", msSinceProcessStart());
                std::fflush(stdout);
                QCoreApplication::exit(0);
            });
        }
        return QObject::eventFilter(watched, event);
    }

private:
    bool mSeen = false;
};

} // namespace

void measureStartupIfAsked(QWidget* window)
{
    if (qEnvironmentVariableIsEmpty("INFRAFIT_MEASURE_STARTUP") || !window)
        return;
    window->installEventFilter(new FirstPaintProbe(window));
}

} // namespace infrafit::ui
